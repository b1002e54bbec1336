import { startProductServer } from './product-server.ts';
import { prepareRemote } from './remote-marketplace.ts';

/**
 * Starts two real servers, as `npm start` runs them, each on a free port with a throw-away database, at the same
 * time (the setup takes as long as one start): the portal under test (E2E_BASE_URL), and a second instance that
 * stands in for a marketplace elsewhere (E2E_REMOTE_URL, issue 21), prepared over HTTP as its admin would.
 * Set E2E_BASE_URL yourself to test a server that is already running (and E2E_REMOTE_URL for the remote's
 * journeys, prepared with remote-marketplace.ts).
 */
export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env.E2E_BASE_URL) return undefined;
  const [portal, remote] = await Promise.allSettled([
    // The portal calls the remote on 127.0.0.1: loopback addresses are allowed (the default on a loopback HOST).
    startProductServer('portal', { CONNECTED_ALLOW_PRIVATE_ADDRESSES: 'loopback' }),
    // The remote's background jobs would only add noise; its platform API is all the journeys use.
    startProductServer('remote', { JOBS_ENABLED: 'false' }).then(async (server) => {
      try {
        await prepareRemote(server.url);
        return server;
      } catch (error) {
        await server.stop();
        throw error;
      }
    }),
  ]);
  const started = [portal, remote].flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = async () => {
    await Promise.all(started.map((server) => server.stop()));
  };
  if (portal.status === 'rejected' || remote.status === 'rejected') {
    await stopAll();
    throw portal.status === 'rejected' ? portal.reason : (remote as PromiseRejectedResult).reason;
  }
  process.env.E2E_BASE_URL = portal.value.url;
  process.env.E2E_REMOTE_URL = remote.value.url;
  return stopAll;
}
