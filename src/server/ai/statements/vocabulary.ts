// The word lists the check reads sentences and documents with.

export const words = (list: string) => new Set(list.trim().split(/\s+/));

export const STOPWORDS = words(`
  a an the and or but nor so yet for of in on at by to from with without within into onto over under up down out off about above
  below across after afterwards against along amid among around as before behind beneath beside besides between beyond despite
  during except inside near outside per since than through throughout toward towards until upon via whether while whereas
  although though because if unless once when whenever where wherever why how what whatever which who whom whose that this these
  those there here it its itself he him his himself she her hers herself they them their theirs themselves we us our ours
  ourselves you your yours yourself yourselves i me my mine myself is are was were be been being am do does did doing done have
  has had having will would shall should can could may might must not no yes all any both each either neither every few many
  more most much several some such other others another same own only just also even still already again ever never always
  often sometimes usually now then thus hence therefore however moreover furthermore meanwhile nevertheless nonetheless instead
  otherwise overall indeed perhaps maybe rather quite very too really almost nearly roughly approximately today yesterday
  tomorrow tonight recently currently previously later earlier soon finally next last lastly additionally similarly likewise
  notably importantly specifically separately elsewhere together according regarding following including like unlike given
  based let lets`);

/** Imperatives: an answer's advice begins with them; they never begin a name. */
export const IMPERATIVES = words(`
  ask avoid bring check consider keep make note remember use try focus start open mention highlight emphasise emphasize expect
  watch follow prepare review raise frame lead offer plan position share send schedule confirm explore discuss suggest tailor
  align look see find get give take tell talk call contact reach lean stress point tie connect compare treat prioritise
  prioritize monitor track stay remain be`);

/**
 * Verbs an instruction or a piece of advice may begin with ("Show this to…", "Summarise the risks",
 * "Outline Acme's plans"): at the start of a sentence not a name, unless the documents write the
 * word capitalised within sentences more than in lower case (a company called "Match"). Words that
 * are mostly names (Target, Shell, Chase) are left out.
 */
export const INSTRUCTION_VERBS = words(`
  show list summarise summarize outline describe explain identify draft write create build set add include remove update read
  gather collect pull verify validate evaluate assess analyse analyze estimate calculate measure test run think imagine choose
  pick select rank sort filter group combine flag mark quote cite present propose recommend request reply respond email invite
  meet visit attend join register book wait pause stop continue proceed move shift switch adjust revise refine clarify define
  record save store publish print download upload search browse scan skim study learn investigate question challenge aim ensure
  do go help let pay put say tell walk work clean draw fill hand hold mind pass push sign turn cover map match rewrite restate
  paraphrase translate convert format organise organize structure break split merge simplify shorten expand recap revisit
  reconsider benchmark score rate weigh gauge probe dig determine establish engage involve invest hire approve reject decline
  accept negotiate buy sell order return`);

/** Common words an answer's sentence may begin with; not names there. */
export const COMMON_STARTERS = words(`
  analysts investors shareholders customers clients buyers sellers sales revenue revenues profit profits earnings margins costs
  prices pricing demand growth shares stock markets companies executives officials management leadership employees workers
  staff teams compliance procurement strategy risk risks security privacy regulation regulators governments experts critics
  supporters observers reports data research studies results plans talks negotiations key major further potential possible
  likely important notable useful worth good great new recent current early late high low strong weak clear broader wider`);

/** Acronyms of roles and trades, not of anyone: "HR", "CEO" alone name nobody. */
export const GENERIC_ACRONYMS = words(
  `hr it ai ceo ceos cfo cio cto coo cmo b2b b2c roi kpi kpis saas api apis crm erp faq pr esg gdp ipo ma rd`,
);

/** Roles that, just before a name, are part of what the sentence says of that person. */
export const ROLES = words(`
  leader chief president director founder cofounder chairman chairwoman chair executive spokesman spokeswoman spokesperson
  minister secretary editor professor analyst commissioner adviser advisor head governor senator mayor judge ambassador manager
  owner skipper coach captain correspondent economist strategist officer premier king queen prince princess pope bishop priest
  general colonel lawyer attorney actress actor singer`);

export const HONORIFICS = words(`mr mrs ms mx dr sir dame prof messrs`);
/** Lower-case words that may join capitalised words into one name ("Bank of America"). */
export const NAME_CONNECTORS = words(`of for de da di del van von der du la le al bin`);
export const NEGATIONS = words(`not no never none nor neither without cannot`);

/** Words of opposite direction: a sentence saying one where its source only says the other is contradicted. */
export const OPPOSITES: [Set<string>, Set<string>][] = [
  [
    words(`rise rises rising rose risen increase increases increased increasing grow grows growing grew grown growth gain gains
      gained gaining climb climbs climbed jump jumps jumped surge surges surged soar soars soared raise raises raised raising
      boost boosts boosted expand expands expanded expanding expansion improve improves improved improving improvement`),
    words(`fall falls falling fell fallen decrease decreases decreased decreasing decline declines declined declining drop drops
      dropped dropping shrink shrinks shrank shrunk shrinking slump slumps slumped plunge plunges plunged tumble tumbles tumbled
      lowered lowering cut cuts cutting reduce reduces reduced reducing reduction contract contracted worsen worsens worsened
      worsening deteriorate deteriorated deteriorating`),
  ],
  [words(`more higher larger bigger greater`), words(`less fewer lower smaller`)],
  [
    words(`win wins winning won winner victory victorious triumph triumphant success successful beat beats`),
    words(`lose loses losing lost loser defeat defeated failure failed fail fails disappointing disappointed disappointment miss
      misses missed`),
  ],
  [
    words(`accept accepts accepted accepting agree agrees agreed approve approves approved welcome welcomed embrace embraced`),
    words(`reject rejects rejected rejecting resist resists resisted resisting refuse refuses refused oppose opposes opposed opposing`),
  ],
  [words(`open opens opened opening reopen reopened`), words(`close closes closed closing shut shuts`)],
];
export const OPPOSED = new Set(OPPOSITES.flatMap(([a, b]) => [...a, ...b]));

/** Abbreviations a full stop does not end a sentence after. */
export const ABBREVIATIONS = words(`
  mr mrs ms mx dr prof sr jr st inc co corp ltd llc plc bros vs no nos jan feb mar apr jun jul aug sep sept oct nov dec gen gov
  sen rep rev lt col sgt capt cmdr adm ft mt approx est fig dept univ ave blvd ph reps govt`);

export const table = (entries: string) =>
  new Map(
    entries
      .trim()
      .split(/\s+/)
      .map((entry) => entry.split('=') as [string, string])
      .map(([key, value]) => [key, Number(value)] as const),
  );

export const MONTHS = table(`
  january=1 jan=1 february=2 feb=2 march=3 mar=3 april=4 apr=4 may=5 june=6 jun=6 july=7 jul=7 august=8 aug=8 september=9
  sep=9 sept=9 october=10 oct=10 november=11 nov=11 december=12 dec=12`);
export const WEEKDAYS = table(`sunday=0 monday=1 tuesday=2 wednesday=3 thursday=4 friday=5 saturday=6`);
export const CARDINALS = table(`
  zero=0 one=1 two=2 three=3 four=4 five=5 six=6 seven=7 eight=8 nine=9 ten=10 eleven=11 twelve=12 thirteen=13 fourteen=14
  fifteen=15 sixteen=16 seventeen=17 eighteen=18 nineteen=19 twenty=20 thirty=30 forty=40 fifty=50 sixty=60 seventy=70
  eighty=80 ninety=90 dozen=12`);
export const ORDINALS = table(`
  first=1 second=2 third=3 fourth=4 fifth=5 sixth=6 seventh=7 eighth=8 ninth=9 tenth=10 eleventh=11 twelfth=12 thirteenth=13
  fourteenth=14 fifteenth=15 sixteenth=16 seventeenth=17 eighteenth=18 nineteenth=19 twentieth=20 hundredth=100`);
/** Denominators: "a third", "two-thirds", "three quarters". */
export const FRACTIONS = table(`third=3 thirds=3 quarter=4 quarters=4 fifth=5 fifths=5 tenth=10 tenths=10`);
export const SCALES = table(
  `hundred=1e2 thousand=1e3 million=1e6 mn=1e6 mln=1e6 billion=1e9 bn=1e9 bln=1e9 trillion=1e12 tn=1e12 trn=1e12`,
);
/** Scales written onto the digits: "$4.8bn", "$10m", "5k". */
export const ATTACHED_SCALES = table(`k=1e3 m=1e6 mn=1e6 mln=1e6 b=1e9 bn=1e9 bln=1e9 t=1e12 tn=1e12 trn=1e12`);
export const CURRENCY_WORDS = new Map(
  `dollar=usd dollars=usd usd=usd euro=eur euros=eur eur=eur gbp=gbp sterling=gbp yen=jpy jpy=jpy yuan=cny renminbi=cny cny=cny
  rupees=inr inr=inr francs=chf chf=chf`
    .split(/\s+/)
    .map((entry) => entry.split('=') as [string, string]),
);
