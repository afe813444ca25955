import {
  AliasNode,
  DeleteQueryNode,
  FromNode,
  InsertQueryNode,
  RawNode,
  TableNode,
  UpdateQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type WithNode,
} from 'kysely';

function tableNames(node: OperationNode | undefined): string[] {
  if (!node) return [];
  if (TableNode.is(node)) return [node.table.identifier.name];
  if (AliasNode.is(node)) return tableNames(node.node);
  if (FromNode.is(node)) return node.froms.flatMap(tableNames);
  return [];
}

const RAW_WRITE = /\b(?:insert\s+into|update|delete\s+from)\s+"?(\w+)/gi;

/** The tables that SQL text seems to write: a guess that may name too many (harmless: a cache dropped), never too few. */
function tablesWrittenBySql(text: string): string[] {
  return [...text.matchAll(RAW_WRITE)].map((match) => match[1]!.toLowerCase());
}

/** The tables a query inserts into, updates or deletes from, its `with` clauses included. */
function writtenTables(node: RootOperationNode): string[] {
  if (RawNode.is(node)) return tablesWrittenBySql(node.sqlFragments.join(' '));
  const own = InsertQueryNode.is(node) ? tableNames(node.into) : UpdateQueryNode.is(node) ? tableNames(node.table) : DeleteQueryNode.is(node) ? tableNames(node.from) : [];
  const withNode = (node as { with?: WithNode }).with;
  return [...own, ...(withNode?.expressions.flatMap((cte) => writtenTables(cte.expression as RootOperationNode)) ?? [])];
}

/**
 * A Kysely plugin that tells watchers which tables this process has just written, once each write has run. What a
 * process caches of the database learns of its own writes here at once; of other processes' writes through NOTIFY.
 */
export class WriteObserver implements KyselyPlugin {
  private readonly pending = new WeakMap<QueryId, string[]>();
  private readonly watchers = new Set<{ tables: ReadonlySet<string>; onWrite: () => void }>();

  watch(tables: readonly string[], onWrite: () => void): () => void {
    const watcher = { tables: new Set(tables), onWrite };
    this.watchers.add(watcher);
    return () => this.watchers.delete(watcher);
  }

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    if (this.watchers.size > 0) {
      const tables = writtenTables(args.node);
      if (tables.length > 0) this.pending.set(args.queryId, tables);
    }
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    const tables = this.pending.get(args.queryId);
    if (tables) {
      this.pending.delete(args.queryId);
      this.wrote(tables);
    }
    return args.result;
  }

  /** For SQL that does not go through Kysely (DatabaseHandle.executeSql), once it has run. */
  ranSql(text: string): void {
    if (this.watchers.size > 0) this.wrote(tablesWrittenBySql(text));
  }

  private wrote(tables: string[]): void {
    for (const watcher of this.watchers) if (tables.some((table) => watcher.tables.has(table))) watcher.onWrite();
  }
}
