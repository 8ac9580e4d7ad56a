// How the offline provider writes figures into text: money in billions/millions with one decimal, ratios as percents
// with one decimal, so the figure check (verifyFigures) can round them back to the facts they came from.
export function formatMoney(value: number, currency: string | null): string {
  const abs = Math.abs(value);
  const [scaled, unit] = abs >= 1e9 ? [abs / 1e9, ' billion'] : abs >= 1e6 ? [abs / 1e6, ' million'] : [abs, ''];
  const text = `${scaled.toFixed(1)}${unit}`;
  return currency === 'USD' || currency === null ? `$${text}` : `${text} ${currency}`;
}

export function formatPercent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}
