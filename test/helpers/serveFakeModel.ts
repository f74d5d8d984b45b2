// Runs the scripted model server on 127.0.0.1 as its own process, for tests that drive CodeGrep from
// outside (the real VS Code, the CLI in a shell). Prints {"baseURL": ...} on one line, serves until
// killed (SIGTERM/SIGINT).
// Usage: npx tsx test/helpers/serveFakeModel.ts CONVERSATION_NAME [--root DIR]   (from test/fixtures/conversations)
// --root fills the `{{ROOT}}` of conversations that cite absolute paths (FastContext's) with the repo you locate in.
import { resolve } from 'node:path';
import { FakeModelServer, listConversations, loadConversation } from './fakeModelServer';

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !listConversations().includes(name)) {
    console.error(`usage: serveFakeModel.ts NAME, NAME one of: ${listConversations().join(', ')}`);
    process.exit(2);
  }
  // Replies are picked per request by its turn, and the script restarts, so any number of runs can use it.
  const rootAt = process.argv.indexOf('--root');
  const root = rootAt > 0 ? resolve(process.argv[rootAt + 1]) : undefined;
  const loaded = loadConversation(name);
  const conversation = root ? (JSON.parse(JSON.stringify(loaded).split('{{ROOT}}').join(root)) as typeof loaded) : loaded;
  const server = await FakeModelServer.start({ ...conversation, after: 'restart' }, { byTurn: true });
  console.log(JSON.stringify({ baseURL: server.baseURL, conversation: name }));
  const stop = () => void server.close().then(() => process.exit(0));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();
