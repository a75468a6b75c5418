// Preloaded with `node --import` (it also runs in every worker thread): any attempt to open a
// network connection or resolve a name throws, so a test can prove code works offline.
import dns from 'node:dns';
import net from 'node:net';

const refuse = (what) => () => {
  const error = new Error(`network access attempted (${what})`);
  process.stderr.write(`${error.message}\n`);
  throw error;
};
net.Socket.prototype.connect = refuse('socket connect');
dns.lookup = refuse('dns lookup');
dns.promises.lookup = refuse('dns lookup');
globalThis.fetch = async (input) => refuse(`fetch ${input}`)();
