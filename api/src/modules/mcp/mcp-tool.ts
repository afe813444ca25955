import type { Static, TSchema } from 'typebox';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { Permission } from '@showback/contract';
import type { AppContext } from '../../context.ts';
import type { SessionUser } from '../auth/sessions.service.ts';

/** One tool of the MCP server: what an agent reads in tools/list, and what a call runs as the token's person. */
export interface McpTool<S extends TSchema = TSchema> {
  name: string;
  title: string;
  /** Written for an agent that has not read docs/mcp.md: what it answers and when to use it. */
  description: string;
  input: S;
  /** The permission table's action it takes; that action's token scope decides which tokens see and call it. */
  permission: Permission;
  run(ctx: AppContext, user: SessionUser, input: Static<S>): Promise<CallToolResult>;
}

export const defineTool = <S extends TSchema>(tool: McpTool<S>): McpTool => tool as unknown as McpTool;

/** A JSON answer as compact text (an agent's context is small): agents read it as well as structured content, and every client shows it. */
export const jsonAnswer = (value: unknown): CallToolResult => ({ content: [{ type: 'text', text: JSON.stringify(value) }] });

export const failure = (message: string): CallToolResult => ({ isError: true, content: [{ type: 'text', text: message }] });

/** `text` cut to `max` characters, with a note in `how` saying how to read the rest. */
export function cut(text: string, max: number, how: string): string {
  return text.length <= max ? text : `${text.slice(0, max)}… [cut: ${text.length - max} more characters; ${how}]`;
}

export interface Paged<T> {
  items: T[];
  page: number;
  per_page: number;
  total: number;
  /** The page to ask for next, or null on the last one. */
  next_page: number | null;
}

export function paged<T>(all: T[], page = 1, perPage: number): Paged<T> {
  const items = all.slice((page - 1) * perPage, page * perPage);
  return { items, page, per_page: perPage, total: all.length, next_page: page * perPage < all.length ? page + 1 : null };
}

export const seconds = (ms: number): number => Math.round(ms) / 1000;
