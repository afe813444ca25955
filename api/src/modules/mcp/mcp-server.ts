import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { Value } from 'typebox/value';
import { may, PERMISSIONS, scopeCovers } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { TokenCaller } from '../access-tokens/access-tokens.service.ts';
import { addCommentTool, listCommentsTool, setStateTool } from './comment-tools.ts';
import { failure, type McpTool } from './mcp-tool.ts';
import { consoleTool, networkTool, actionsTool } from './page-event-tools.ts';
import { frameTool } from './frame-tool.ts';
import { getRecordingTool, listRecordingsTool } from './recording-tools.ts';
import { createRequestTool } from './request-tools.ts';
import { transcriptTool } from './transcript-tool.ts';

/** Every tool, in the order tools/list gives them. */
export const MCP_TOOLS: readonly McpTool[] = [listRecordingsTool, getRecordingTool, consoleTool, networkTool, actionsTool, transcriptTool, frameTool, createRequestTool, listCommentsTool, addCommentTool, setStateTool];

const INSTRUCTIONS =
  'Showback holds screen recordings customers send to a support team, with what their page logged (console, network, navigation), what they said (transcript) and a summary. ' +
  'Find recordings with list_recordings, read one with get_recording, then its details; get_screen_at shows the screen at a moment.';

/** Whether the caller's token and role allow the tool: its permission-table action, by role and by token scope. */
function allowed(tool: McpTool, caller: TokenCaller): string | undefined {
  const rule = PERMISSIONS[tool.permission];
  if (!may(caller.user.role, tool.permission)) return rule.refusal;
  if (!rule.token || !scopeCovers(caller.scope, rule.token)) return `${tool.name} needs an access token with the ${rule.token ?? 'write'} scope; this one has the ${caller.scope} scope.`;
  return undefined;
}

/**
 * The MCP server for one HTTP request (stateless: nothing is kept between requests, so any API process answers any
 * call): the tools the caller's token may use, each run as the token's person within their account.
 */
export function createMcpServer(ctx: AppContext, caller: TokenCaller): Server {
  const server = new Server({ name: 'showback', title: 'Showback', version: '1.0.0' }, { capabilities: { tools: {} }, instructions: INSTRUCTIONS });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: MCP_TOOLS.filter((tool) => allowed(tool, caller) === undefined).map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: JSON.parse(JSON.stringify(tool.input)) as { type: 'object' },
      annotations: { title: tool.title, readOnlyHint: PERMISSIONS[tool.permission].token === 'read', openWorldHint: false },
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const tool = MCP_TOOLS.find((candidate) => candidate.name === request.params.name);
    if (!tool) return failure(`There is no tool ${request.params.name}; tools/list names them.`);
    const refusal = allowed(tool, caller);
    if (refusal) return failure(refusal);
    const input = request.params.arguments ?? {};
    if (!Value.Check(tool.input, input)) {
      const problems = Value.Errors(tool.input, input).slice(0, 5).map((error) => `${error.instancePath || 'arguments'} ${error.message}`);
      return failure(`Invalid arguments for ${tool.name}: ${problems.join('; ')}.`);
    }
    try {
      return await tool.run(ctx, caller.user, input);
    } catch (error) {
      // What the API answers a person (not found, not ready yet) is the agent's answer too; anything else is a fault.
      if (error instanceof AppError && error.statusCode < 500) {
        return failure(error.code === 'NOT_FOUND' ? 'Not found: nothing with this id in your Showback workspace. Ids come from list_recordings.' : error.message);
      }
      throw error;
    }
  });
  return server;
}
