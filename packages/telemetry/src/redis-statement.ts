/**
 * A Redis command as its span shows it: the command and its keys, never its other arguments
 * (BullMQ's scripts take the job's data as arguments; OpenTelemetry's default would show a
 * script's arguments whole).
 */
export function redisStatement(command: string, args: (string | Buffer | number | unknown[])[]): string {
  const script = /^eval(sha)?(_ro)?$/i.test(command);
  const keyCount = script ? Number(args[1]) || 0 : Math.min(1, args.length);
  const shown = script ? args.slice(0, 2 + keyCount) : args.slice(0, keyCount);
  const rest = args.length - shown.length;
  return [command, ...shown.map(String), ...(rest > 0 ? [`[${rest} other arguments]`] : [])].join(' ');
}
