import { type AppLoadContext, data } from "react-router";
import { notFound } from "~/server/http/responses.server";

/**
 * Every unknown address (in any locale) is a 404 page in that locale's language. A request refused before routing
 * (request-hygiene.server.ts) is handed here too, and answered with its own status.
 */
function refusal({ context }: { context: AppLoadContext }) {
  return context.refusedStatus ? data(null, { status: context.refusedStatus }) : notFound();
}

export async function loader(args: { context: AppLoadContext }) {
  throw refusal(args);
}

export async function action(args: { context: AppLoadContext }) {
  throw refusal(args);
}

export default function NotFound() {
  return null;
}
