import { createHash } from 'node:crypto';
import { mcpLimits, mcpMessages, type McpTool } from '@app/contracts';

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with every object's keys sorted: equal values give equal text, whatever the server's key order. */
export const canonicalJson = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isRecord(value))
    return `{${Object.keys(value)
      .sort()
      .filter((k) => value[k] !== undefined)
      .map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k])}`)
      .join(',')}}`;
  return JSON.stringify(value) ?? 'null';
};

/** A tool definition's hash: sha256 of the canonical JSON of its name, description and input schema. */
export const toolHashOf = (name: string, description: string, inputSchema: unknown): string =>
  createHash('sha256').update(canonicalJson({ name, description, inputSchema })).digest('hex');

const toolName = /^[A-Za-z0-9_.\-/]+$/;
/** Names an object's own keys may not safely take (the read model keeps approvals by name). */
const reservedNames = new Set(['__proto__', 'constructor', 'prototype']);
const maxDepth = 32;

const deeperThan = (value: unknown, depth: number): boolean => {
  if (depth < 0) return true;
  if (Array.isArray(value)) return value.some((v) => deeperThan(v, depth - 1));
  if (isRecord(value)) return Object.values(value).some((v) => deeperThan(v, depth - 1));
  return false;
};

/**
 * The tools a server listed, bounded: at most `mcpLimits.tools`, each with a valid name (once), a
 * description and an input schema within their sizes. What is left out is reported as a problem
 * (never a failure of the whole list).
 */
export const boundedToolsOf = (listed: readonly unknown[]): { tools: McpTool[]; problems: string[] } => {
  const problems: string[] = [];
  const tools: McpTool[] = [];
  const seen = new Set<string>();
  if (listed.length > mcpLimits.tools) problems.push(mcpMessages.tooManyTools(listed.length));
  for (const [index, raw] of listed.slice(0, mcpLimits.tools).entries()) {
    const shownName =
      isRecord(raw) && typeof raw['name'] === 'string' ? raw['name'].slice(0, 100) : `#${index + 1}`;
    const drop = (reason: string) =>
      problems.push(mcpMessages.toolDropped(shownName, reason).slice(0, mcpLimits.problemLength));
    if (!isRecord(raw) || typeof raw['name'] !== 'string') {
      drop('it has no name');
      continue;
    }
    const name = raw['name'];
    const description = raw['description'] ?? '';
    const schema = raw['inputSchema'];
    if (
      name.length === 0 ||
      name.length > mcpLimits.toolNameLength ||
      !toolName.test(name) ||
      reservedNames.has(name)
    )
      drop('its name is not valid');
    else if (seen.has(name)) drop('its name is listed twice');
    else if (typeof description !== 'string') drop('its description is not text');
    else if (description.length > mcpLimits.descriptionLength)
      drop(`its description is longer than ${mcpLimits.descriptionLength} characters`);
    else if (!isRecord(schema) || schema['type'] !== 'object')
      drop('its input schema is not an object schema');
    else if (deeperThan(schema, maxDepth)) drop(`its input schema nests deeper than ${maxDepth}`);
    else {
      const inputSchema = canonicalJson(schema);
      if (inputSchema.length > mcpLimits.schemaChars)
        drop(`its input schema is larger than ${mcpLimits.schemaChars} characters`);
      else {
        seen.add(name);
        tools.push({ name, description, inputSchema, hash: toolHashOf(name, description, schema) });
      }
    }
  }
  return { tools, problems: problems.slice(0, mcpLimits.problems) };
};
