/** A message catalogue flattened to its texts by dotted key ("editor.kinds.pipe" → "Ledning"). */
export type MessageTree = { [key: string]: string | MessageTree };

export function messageLeaves(tree: MessageTree, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === "string") out.set(name, value);
    else for (const [k, v] of messageLeaves(value, name)) out.set(k, v);
  }
  return out;
}
