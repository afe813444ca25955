import type { Rule } from 'eslint';

export declare const messagesImported: Rule.RuleModule;
