// Lints source text given on stdin as JSON `[{ filePath, code }]` with the repository's own ESLint config and
// prints each file's rule ids and messages as JSON. A child process, because ESLint loads its ESM config
// with import(), which jest's CommonJS runtime cannot do.
import { ESLint } from 'eslint';

const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const snippets = JSON.parse(Buffer.concat(chunks).toString('utf8'));

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });
const results = [];
for (const { filePath, code } of snippets) {
  const [result] = await eslint.lintText(code, { filePath });
  results.push({
    filePath,
    messages: (result?.messages ?? []).map(({ ruleId, message }) => ({ ruleId, message })),
  });
}
process.stdout.write(JSON.stringify(results));
