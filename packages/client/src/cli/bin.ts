#!/usr/bin/env node
// The `enrich` command's entry (bundled as dist/cli.cjs; `npm run enrich --` runs it from source).
import { main } from './main';

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
