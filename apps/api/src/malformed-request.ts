import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode, errorBody, httpStatusOf } from '@enrich/errors';
import { newRequestId } from './middleware/request-id';

const REASON: Record<number, string> = { 400: 'Bad Request', 431: 'Request Header Fields Too Large' };

/**
 * Bytes that never become a request (a bad request line, header or chunk, or headers over
 * Node's limit) never reach Express: Node would answer a bare 400 or 431 without a body. Here
 * they get the error shape and code like any other client mistake, then the connection closes,
 * since what follows on it cannot be trusted to start a new request.
 */
export function answerMalformedRequests(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    // Once anything was written on the connection, another answer would corrupt it (Node's rule).
    if (!socket.writable || socket.bytesWritten > 0) {
      socket.destroy();
      return;
    }
    const code = error.code === 'HPE_HEADER_OVERFLOW' ? ErrorCode.HEADERS_TOO_LARGE : ErrorCode.MALFORMED_REQUEST;
    const status = httpStatusOf[code];
    const message = code === ErrorCode.HEADERS_TOO_LARGE ? 'request headers are too large' : 'malformed HTTP request';
    const body = JSON.stringify(errorBody(code, message, newRequestId()));
    socket.end(
      `HTTP/1.1 ${status} ${REASON[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
}
