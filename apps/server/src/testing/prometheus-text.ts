/**
 * Reads one sample from a Prometheus text exposition: the value of `name` whose labels are exactly
 * `labels`, or undefined when there is no such series. Tests read `/metrics` as a scraper would.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const found = Object.fromEntries(
      [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]]),
    );
    const wanted = Object.entries(labels);
    if (wanted.length === Object.keys(found).length && wanted.every(([key, value]) => found[key] === value)) {
      return Number(match[3]);
    }
  }
  return undefined;
}

/** Every label value of `label` that series of `name` carry, to check no raw URL became one. */
export function labelValues(text: string, name: string, label: string): string[] {
  const pattern = new RegExp(`^${name}\\{.*\\b${label}="((?:[^"\\\\]|\\\\.)*)"`);
  return text.split('\n').flatMap((line) => pattern.exec(line)?.[1] ?? []);
}
