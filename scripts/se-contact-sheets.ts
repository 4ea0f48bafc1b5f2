// `node --import tsx scripts/se-contact-sheets.ts [out-dir]`: one PNG per Swedish sign category (default
// /tmp/se-contact-sheets/<category>.png), every sign large and small with its code, Swedish name, id and
// normal size, to hold beside the real Swedish signs (colours, proportions, symbols, lettering).
import { mkdirSync } from "node:fs";
import path from "node:path";
import { renderDefinitionSvg } from "../src/lib/signs/se/define";
import { SE_SIGN_DEFINITIONS } from "../src/lib/signs/se/index";
import { SE_SIGN_CATEGORIES } from "../src/lib/signs/types";
import { writeContactSheet } from "./contact-sheet";

const out = process.argv[2] ?? "/tmp/se-contact-sheets";

mkdirSync(out, { recursive: true });
for (const category of SE_SIGN_CATEGORIES) {
  const defs = SE_SIGN_DEFINITIONS.filter((d) => d.meta.category === category);
  const file = path.join(out, `${category}.png`);
  await writeContactSheet(
    file,
    category,
    defs.map((def) => ({
      svg: (options) => renderDefinitionSvg(def, undefined, options),
      code: def.meta.code,
      name: def.meta.name,
      id: def.meta.id,
      size: `${def.meta.initialWidthInMeters} × ${def.meta.initialHeightInMeters} m`,
    })),
  );
  console.log(file);
}
