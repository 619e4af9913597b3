/** The person actions on the admin pages: what is offered for someone else and what for oneself. */
import { renderToStaticMarkup } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { serverI18n } from "~/i18n/i18n.server";
import { PersonActions, type PersonActionState } from "./person-actions";

function render(person: PersonActionState, confirm: string | null = null) {
  const i18n = serverI18n("en");
  // A data router: the actions are <Form>s.
  const router = createMemoryRouter([{ path: "/en/admin/administrators", element: <PersonActions person={person} here="/en/admin/administrators?id=a" confirm={confirm} /> }], {
    initialEntries: ["/en/admin/administrators?id=a"],
  });
  return renderToStaticMarkup(
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>,
  );
}

const someone: PersonActionState = { id: "a", name: "Anna Admin", banned: false, invitation: "accepted" };

describe("PersonActions", () => {
  it("offers disabling and resetting the second factor for someone else", () => {
    const html = render(someone);
    expect(html).toContain("confirm=disable");
    expect(html).toContain("confirm=reset-2fa");
    expect(render(someone, "reset-2fa")).toContain('value="reset-2fa"');
  });

  it("offers neither for oneself, not even with ?confirm= in the address: one's own factor is the account page's", () => {
    const self = { ...someone, self: true };
    const html = render(self);
    expect(html).not.toContain("confirm=disable");
    expect(html).not.toContain("confirm=reset-2fa");
    expect(render(self, "reset-2fa")).not.toContain('value="reset-2fa"');
  });
});
