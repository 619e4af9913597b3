import { notFound } from "~/server/http/responses.server";

/** Every unknown address (in any locale) is a 404 page in that locale's language. */
export async function loader() {
  throw notFound();
}

export async function action() {
  throw notFound();
}

export default function NotFound() {
  return null;
}
