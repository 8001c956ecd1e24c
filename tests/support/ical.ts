// Reads an iCalendar text back with ical.js (a real RFC 5545 parser), as a calendar would: each
// VEVENT's UID, SEQUENCE, start (all-day or the instant, with its TZID resolved through the
// calendar's own VTIMEZONE), SUMMARY, DESCRIPTION and URL.
import ICAL from 'ical.js';

export type ParsedEvent = {
  uid: string;
  sequence: number;
  summary: string;
  description: string;
  url: string | null;
  allDay: boolean;
  /** 'YYYY-MM-DD' for an all-day event. */
  day: string | null;
  /** The start as an instant (timed events). */
  start: Date | null;
  tzid: string | null;
};

export function parseCalendar(text: string): { method: string | null; name: string | null; events: ParsedEvent[] } {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const events = calendar.getAllSubcomponents('vevent').map((vevent): ParsedEvent => {
    const event = new ICAL.Event(vevent);
    const dtstart = vevent.getFirstProperty('dtstart');
    const allDay = event.startDate.isDate;
    return {
      uid: event.uid,
      sequence: event.sequence,
      summary: event.summary,
      description: event.description,
      url: (vevent.getFirstPropertyValue('url') as string | null) ?? null,
      allDay,
      day: allDay ? event.startDate.toString() : null,
      start: allDay ? null : event.startDate.toJSDate(),
      tzid: (dtstart?.getParameter('tzid') as string | undefined) ?? null,
    };
  });
  return {
    method: (calendar.getFirstPropertyValue('method') as string | null) ?? null,
    name: (calendar.getFirstPropertyValue('x-wr-calname') as string | null) ?? null,
    events,
  };
}
