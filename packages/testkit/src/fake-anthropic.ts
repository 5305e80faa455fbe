import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LocalServer } from './local-server';
import { sleep } from './waiting';

/**
 * Plays the Anthropic Messages API (POST /v1/messages) for the real SDK, which is pointed at it
 * with baseURL or ANTHROPIC_BASE_URL. Answers follow a queued script, one reply per request,
 * and every request is recorded. Like the real API it rejects requests without auth, and
 * conversations whose tool_use blocks are not answered by tool_result blocks.
 */

export interface FakeUsage {
  input_tokens: number;
  output_tokens: number;
}

interface Timing {
  // Wait before answering (any reply).
  latencyMs?: number;
}

export type FakeReply = Timing &
  (
    | { kind: 'tool'; input: unknown; usage?: FakeUsage; stopReason?: 'tool_use' | 'max_tokens' }
    | { kind: 'refusal'; usage?: FakeUsage; explanation?: string }
    | { kind: 'text'; text: string; usage?: FakeUsage } // ends the turn without the tool call
    | { kind: 'error'; status: number; errorType?: string; message?: string; headers?: Record<string, string> }
    | { kind: 'hang' } // accepts the request and never answers
    | { kind: 'stall-body' } // sends status and headers, then never finishes the body
  );

export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  // The parsed JSON body (MessageCreateParams as sent over the wire).
  body: any;
}

export const DEFAULT_USAGE: FakeUsage = { input_tokens: 1000, output_tokens: 200 };

const ERROR_TYPES: Record<number, string> = {
  400: 'invalid_request_error',
  401: 'authentication_error',
  403: 'permission_error',
  404: 'not_found_error',
  413: 'request_too_large',
  429: 'rate_limit_error',
  500: 'api_error',
  529: 'overloaded_error',
};

function usageBody(usage: FakeUsage = DEFAULT_USAGE) {
  return { ...usage, cache_creation_input_tokens: 0, cache_read_input_tokens: 0, cache_creation: null, inference_geo: null };
}

// The checks of the real API that our retry conversation depends on.
function invalidRequest(body: any): string | undefined {
  if (typeof body?.model !== 'string') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  const messages = body.messages;
  if (!Array.isArray(messages) || messages.length === 0) return 'messages: at least one message is required';
  if (messages[0].role !== 'user') return 'messages: first message must use the "user" role';
  const toolNames = new Set((body.tools ?? []).map((tool: any) => tool.name));
  if (body.tool_choice?.type === 'tool' && !toolNames.has(body.tool_choice.name)) {
    return `tool_choice: tool "${body.tool_choice.name}" not found in tools`;
  }
  for (const [index, message] of messages.entries()) {
    const blocks = Array.isArray(message.content) ? message.content : [];
    if (typeof message.content === 'string' ? message.content === '' : blocks.length === 0) {
      return `messages.${index}: content must be non-empty`;
    }
    if (blocks.some((b: any) => b.type === 'text' && !String(b.text ?? '').trim())) {
      return `messages.${index}: text content blocks must be non-empty`;
    }
    const toolUseIds = blocks.filter((b: any) => b.type === 'tool_use').map((b: any) => b.id);
    if (message.role !== 'assistant' || toolUseIds.length === 0) continue;
    const next = messages[index + 1];
    const answered = new Set(
      (Array.isArray(next?.content) ? next.content : []).filter((b: any) => b.type === 'tool_result').map((b: any) => b.tool_use_id),
    );
    const missing = toolUseIds.filter((id: string) => !answered.has(id));
    if (next?.role !== 'user' || missing.length > 0) {
      return `messages.${index + 1}: tool_use ids were found without tool_result blocks immediately after: ${missing.join(', ')}`;
    }
  }
  return undefined;
}

export class FakeAnthropic {
  readonly requests: RecordedRequest[] = [];
  // Highest number of requests being answered at once, for concurrency limits.
  maxInFlight = 0;
  private inFlight = 0;
  private readonly script: FakeReply[] = [];
  private readonly server = new LocalServer((req, res) => void this.handle(req, res));

  reply(...replies: FakeReply[]): this {
    this.script.push(...replies);
    return this;
  }

  get unusedReplies(): number {
    return this.script.length;
  }

  async start(): Promise<string> {
    await this.server.start();
    return this.baseURL;
  }

  get baseURL(): string {
    return `http://127.0.0.1:${this.server.port}`;
  }

  stop(): Promise<void> {
    return this.server.stop();
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    res.on('close', () => (this.inFlight -= 1));

    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    let body: any;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      body = undefined;
    }
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push({ at: Date.now(), method: req.method ?? 'GET', path, headers: req.headers, body });

    if (req.method !== 'POST' || path !== '/v1/messages') return this.error(res, 404, `Not found: ${req.method} ${path}`);
    if (!req.headers['x-api-key'] && !/^Bearer \S+/.test(req.headers.authorization ?? '')) {
      return this.error(res, 401, 'x-api-key header is required');
    }
    if (!req.headers['anthropic-version']) return this.error(res, 400, 'anthropic-version header is required');
    const problem = invalidRequest(body);
    if (problem) return this.error(res, 400, problem, { 'x-should-retry': 'false' });

    const reply = this.script.shift();
    if (!reply) return this.error(res, 500, 'fake-anthropic: no reply queued', { 'x-should-retry': 'false' });
    if (reply.latencyMs) await sleep(reply.latencyMs);
    if (res.destroyed) return;

    switch (reply.kind) {
      case 'hang':
        return;
      case 'stall-body':
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"id":"msg_');
        return;
      case 'error':
        return this.error(res, reply.status, reply.message ?? ERROR_TYPES[reply.status] ?? 'error', reply.headers, reply.errorType);
      case 'tool':
        return this.message(res, body, reply.stopReason ?? 'tool_use', reply.usage, [
          {
            type: 'tool_use',
            id: `toolu_${randomUUID().replace(/-/g, '')}`,
            name: body.tool_choice?.name ?? body.tools?.[0]?.name,
            input: reply.input,
            caller: { type: 'direct' },
          },
        ]);
      case 'refusal':
        return this.message(res, body, 'refusal', reply.usage, [{ type: 'text', text: 'I', citations: null }], {
          type: 'refusal',
          category: null,
          explanation: reply.explanation ?? 'This request was declined.',
        });
      case 'text':
        return this.message(res, body, 'end_turn', reply.usage, [{ type: 'text', text: reply.text, citations: null }]);
    }
  }

  private message(
    res: ServerResponse,
    request: any,
    stopReason: string,
    usage: FakeUsage | undefined,
    content: unknown[],
    stopDetails: unknown = null,
  ): void {
    const message = {
      id: `msg_${randomUUID().replace(/-/g, '')}`,
      type: 'message',
      role: 'assistant',
      model: request.model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      stop_details: stopDetails,
      container: null,
      diagnostics: null,
      usage: usageBody(usage),
    };
    res.writeHead(200, { 'content-type': 'application/json', 'request-id': `req_${randomUUID()}` }).end(JSON.stringify(message));
  }

  private error(res: ServerResponse, status: number, message: string, headers: Record<string, string> = {}, type?: string): void {
    const body = { type: 'error', error: { type: type ?? ERROR_TYPES[status] ?? 'api_error', message }, request_id: `req_${randomUUID()}` };
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': body.request_id, ...headers }).end(JSON.stringify(body));
  }
}
