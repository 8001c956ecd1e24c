// One fixture "model" for a whole running product (the e2e server, the benchmarks): each request
// goes to the fixture for its task, told apart by the schema the server asks for.
import { airModel, isAirRequest } from './air-model.ts';
import { contentModel } from './content-model.ts';
import { earningsModel } from './earnings-model.ts';
import { newsAlertModel } from './news-alert-model.ts';
import { newsletterModel } from './newsletter-model.ts';
import { type FakeHandler, requestText } from './openai.ts';
import { researchModel } from './research-model.ts';
import { triggerModel } from './trigger-model.ts';
import { isWolfebotRequest, wolfebotModel } from './wolfebot-model.ts';

type Schema = { properties?: Record<string, { items?: { type?: string } }> };

/**
 * `latencyMs` is the fixed "thinking" time of every answer; with `slowWhen`, only of the requests
 * whose text it matches (the journeys that watch a run in progress), every other answer at once.
 */
export function productModel(options: { latencyMs?: number; slowWhen?: RegExp } = {}): FakeHandler {
  const { slowWhen, ...rest } = options;
  const everyAnswer = slowWhen ? {} : rest;
  const research = researchModel(everyAnswer);
  const news = newsAlertModel(everyAnswer);
  const newsletter = newsletterModel();
  const earnings = earningsModel();
  const content = contentModel(everyAnswer);
  const air = airModel(everyAnswer);
  const wolfebot = wolfebotModel();
  const trigger = triggerModel();
  const handler: FakeHandler = (request, index) => {
    if (isAirRequest(request)) return air(request, index);
    // Wolfebot asks for text, not a schema: told apart by its system prompt.
    if (isWolfebotRequest(request)) return wolfebot(request, index);
    const properties = (request.response_format?.json_schema?.schema as Schema | undefined)?.properties ?? {};
    // Content creation first: its keys are its own, and its statistics must not reach research's fixture.
    if (['stats', 'hooks', 'ctaOptions', 'modifiedContent'].some((key) => key in properties)) return content(request, index);
    if ('hasNews' in properties) return news(request, index);
    // A trigger's one "why it matters" sentence.
    if ('sentence' in properties) return trigger(request, index);
    if ('sections' in properties) return newsletter(request, index);
    // The earnings summary cites a source per finding; research's earnings findings are plain text.
    if (properties.keyFindings?.items?.type === 'object') return earnings(request, index);
    return research(request, index);
  };
  if (!slowWhen) return handler;
  return async (request, index) => {
    const reply = await handler(request, index);
    if (!slowWhen.test(requestText(request))) return reply;
    return { ...reply, delayMs: Math.max(reply.delayMs ?? 0, options.latencyMs ?? 0) };
  };
}
