import type messages from "../../messages/da.json";

declare module "next-intl" {
  interface AppConfig {
    // Danish is the reference catalogue; tests check that Swedish has exactly the same keys.
    Messages: typeof messages;
  }
}
