import type { ShouldRevalidateFunction } from "react-router";

/**
 * For pages whose actions answer a refusal with its 4xx status (`actionAnswer`): React Router reloads a page's data
 * after an action unless the action answered 4xx or 5xx, but a refusal can follow a write (a draft saved, then its
 * submission refused as incomplete) or find the page's data stale (someone else changed the dossier or claimed it
 * first). So these pages reload after a refusal as after a success; only a server failure (5xx) skips it.
 */
export const revalidateAfterRefusal: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus !== undefined && actionStatus >= 400 && actionStatus < 500 ? true : defaultShouldRevalidate;
