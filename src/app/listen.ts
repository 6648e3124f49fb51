import type { ServerType } from '@hono/node-server';

/** The shop cannot listen where it was told to; the message says what to change. */
export class ListenError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ListenError';
  }
}

/** Listens on `host`:`port` and answers the port bound (the real one for port 0), or a ListenError that says what to change. */
export function listen(server: ServerType, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      reject(listenError(error, host, port));
    };
    const onListening = () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(port, host);
  });
}

function listenError(error: NodeJS.ErrnoException, host: string, port: number) {
  switch (error.code) {
    case 'EADDRINUSE':
      return new ListenError(
        `Port ${port} on ${host} is already in use (another program, or another shop, listens there).\n` +
          `Pick another port, for example: PORT=${port >= 65535 ? 4322 : port + 1} npm start`,
      );
    case 'EACCES':
      return new ListenError(
        `This user may not listen on port ${port} (ports below 1024 need extra rights).\nPick another port, for example: PORT=4321 npm start`,
      );
    case 'EADDRNOTAVAIL':
    case 'ENOTFOUND':
      return new ListenError(
        `HOST=${host} is not an address of this machine.\nUse HOST=127.0.0.1 (this machine only) or HOST=0.0.0.0 (every network interface).`,
      );
    default:
      return error;
  }
}
