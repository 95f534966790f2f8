/**
 * Analytics behind one interface (SPEC.md section 4): on only for ru-RU. The provider
 * here keeps events in memory; a real one (sending them) plugs in with `setAnalyticsSink`.
 */
export interface AnalyticsEvent {
  name: string
  props?: Record<string, string | number | boolean>
}

export interface AnalyticsSink {
  send(event: AnalyticsEvent): void
}

const memorySink = { events: [] as AnalyticsEvent[], send(e: AnalyticsEvent) { this.events.push(e) } }
let sink: AnalyticsSink = memorySink
let enabled = false

export function analyticsEnabledFor(locale: string): boolean {
  return locale === 'ru-RU'
}

export function setAnalyticsLocale(locale: string) {
  enabled = analyticsEnabledFor(locale)
}

export function setAnalyticsSink(next: AnalyticsSink) {
  sink = next
}

export function track(name: string, props?: AnalyticsEvent['props']) {
  if (enabled) sink.send({ name, props })
}

/** What was recorded by the in-memory provider (for tests and debugging). */
export function recordedEvents(): readonly AnalyticsEvent[] {
  return memorySink.events
}
