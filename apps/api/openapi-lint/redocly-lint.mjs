// Lints the OpenAPI document read from standard input with Redocly's rules (the config file
// named by the first argument) and prints the problems as JSON. A script of its own because
// @redocly/openapi-core is an ES module, which Jest's CommonJS runtime cannot load on Node 20.
import path from 'node:path';
import { lintFromString, loadConfig } from '@redocly/openapi-core';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const config = await loadConfig({ configPath: process.argv[2] });
const problems = await lintFromString({
  source: Buffer.concat(chunks).toString('utf8'),
  absoluteRef: path.resolve('openapi.json'),
  config,
});
const found = problems.map(({ ruleId, severity, message, location }) => ({
  ruleId,
  severity,
  message,
  where: location.map((l) => l.pointer).join(' '),
}));
process.stdout.write(JSON.stringify(found));
