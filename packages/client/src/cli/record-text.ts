/** A record (or any answer) as aligned `field: value` lines for a terminal. */
export function formatRecord(value: unknown): string {
  if (!value || typeof value !== 'object') return String(value);
  const lines: string[] = [];
  const walk = (object: Record<string, unknown>, prefix: string) => {
    for (const [key, inner] of Object.entries(object)) {
      if (key === 'fieldSources' || inner === null || inner === undefined) continue;
      if (Array.isArray(inner))
        lines.push(`${prefix}${key}\t${inner.map((v) => (typeof v === 'object' ? JSON.stringify(v) : String(v))).join(', ')}`);
      else if (typeof inner === 'object') walk(inner as Record<string, unknown>, `${prefix}${key}.`);
      else lines.push(`${prefix}${key}\t${String(inner)}`);
    }
  };
  walk(value as Record<string, unknown>, '');
  const width = Math.max(...lines.map((line) => line.indexOf('\t')));
  return lines.map((line) => line.replace(/^([^\t]*)\t/, (_, key: string) => `${key.padEnd(width)}  `)).join('\n');
}
