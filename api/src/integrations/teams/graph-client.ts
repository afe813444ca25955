import { Client, PageIterator, type PageCollection } from '@microsoft/microsoft-graph-client';
import type { ChatChannel } from '@showback/contract';

/** Pages followed at most when listing (Graph pages hold up to 100 items). */
const MAX_ITEMS = 2000;

/** A Graph client for one delegated access token, at MICROSOFT_GRAPH_URL (tests point it at a local server). */
function graphClient(graphUrl: string, accessToken: string): Client {
  return Client.init({
    baseUrl: graphUrl,
    // The client only attaches the token to Graph's own hosts and these; a custom Graph URL has to be named here.
    customHosts: new Set([new URL(graphUrl).hostname]),
    authProvider: (done) => done(null, accessToken),
  });
}

async function listAll(client: Client, path: string): Promise<ChatChannel[]> {
  const items: ChatChannel[] = [];
  const first = (await client.api(path).select(['id', 'displayName']).get()) as PageCollection;
  const iterator = new PageIterator(client, first, (item: { id?: string; displayName?: string }) => {
    if (item.id && item.displayName) items.push({ id: item.id, name: item.displayName });
    return items.length < MAX_ITEMS;
  });
  await iterator.iterate();
  return items.sort((a, b) => a.name.localeCompare(b.name));
}

export const listJoinedTeams = (graphUrl: string, accessToken: string): Promise<ChatChannel[]> => listAll(graphClient(graphUrl, accessToken), '/me/joinedTeams');

export const listTeamChannels = (graphUrl: string, accessToken: string, teamId: string): Promise<ChatChannel[]> =>
  listAll(graphClient(graphUrl, accessToken), `/teams/${encodeURIComponent(teamId)}/channels`);
