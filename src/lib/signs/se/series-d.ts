/**
 * D – påbudsmärken (Vägmärkesförordningen 2007:90, 2 kap. 10 §): blue discs with white symbols, drawn as
 * the Danish D signs (same symbols). D1 and D2 come in their directions; the main entry is the one a
 * road-works plan uses most (D2 Påbjuden körbana, passed on the right; D1 straight ahead). Names as in
 * Transportstyrelsen's list (trafiktestet.se/502/pabudsmarken).
 */
import { defineSeries, seSign, type SignDefinition } from "./define";
import { SE_SIGN_SIZES } from "./sizes";
import { fromDanish } from "./templates";

function d(code: string, name: string, dkId: string, id?: string): SignDefinition {
  return seSign(code, name, "se_D", { sizes: SE_SIGN_SIZES.round, ...(id ? { id } : {}) }, () => fromDanish(dkId, { yellow: false }));
}

export const SE_SERIES_D = defineSeries("se_D", [
  d("D1", "Påbjuden körriktning (rakt fram)", "D11.1"),
  d("D1", "Påbjuden körriktning (höger)", "D11.3", "se-D1-hoger"),
  d("D1", "Påbjuden körriktning (vänster)", "D11.2", "se-D1-vanster"),
  d("D1", "Påbjuden körriktning (rakt fram eller höger)", "D11.7", "se-D1-rakt-hoger"),
  d("D1", "Påbjuden körriktning (rakt fram eller vänster)", "D11.6", "se-D1-rakt-vanster"),
  d("D1", "Påbjuden körriktning (höger eller vänster)", "D11.8", "se-D1-hoger-vanster"),
  d("D2", "Påbjuden körbana (höger)", "D15.3"),
  d("D2", "Påbjuden körbana (vänster)", "D15.2", "se-D2-vanster"),
  d("D3", "Cirkulationsplats", "D12"),
  d("D4", "Påbjuden cykelbana", "D21"),
  d("D5", "Påbjuden gångbana", "D22"),
  d("D6", "Påbjuden gång- och cykelbana", "D27"),
  d("D7", "Påbjudna gång- och cykelbanor", "D26.2"),
]);
