// Records a real model server's replies as a conversation fixture.
// Usage: npx tsx test/helpers/recordConversation.ts UPSTREAM_BASE_URL NAME "description"
// Prints {"baseURL": ...}: point codegrep at it (--endpoint), run one locate, then Ctrl-C to write
// test/fixtures/conversations/NAME.json.
import * as path from 'node:path';
import { ConversationRecorder } from './conversationRecorder';
import { CONVERSATIONS_DIR } from './fakeModelServer';

async function main(): Promise<void> {
  const [upstream, name, description = 'Recorded from a real server.'] = process.argv.slice(2);
  if (!upstream || !name || !/^[\w.-]+$/.test(name)) {
    console.error('usage: recordConversation.ts UPSTREAM_BASE_URL NAME [DESCRIPTION]');
    process.exit(2);
  }
  const recorder = await ConversationRecorder.start(upstream);
  console.log(JSON.stringify({ baseURL: recorder.baseURL }));
  process.once('SIGINT', () => {
    const file = path.join(CONVERSATIONS_DIR, `${name}.json`);
    recorder.save(file, name, description);
    console.error(`wrote ${recorder.replies.length} replies to ${file}`);
    void recorder.close().then(() => process.exit(0));
  });
}

void main();
