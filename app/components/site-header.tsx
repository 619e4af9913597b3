import type { ShellUser } from "~/lib/shell-user";
import { AccountMenu } from "./account-menu";
import { Brand } from "./brand";
import { LanguageSwitcher } from "./language-switcher";
import { SessionKeeper } from "./session-keeper";
import { UserMenu } from "./user-menu";

/**
 * The top bar of every layout: the brand, the language switcher and, when signed in, the user, profile and
 * sign-out — on a phone those three behind the one account menu.
 */
export function SiteHeader({ user, bordered = true }: { user: ShellUser | null; bordered?: boolean }) {
  return (
    <header
      className={`flex items-center justify-between gap-4 px-4 print:hidden ${bordered ? "border-b border-slate-200 bg-white py-2" : "py-3"}`}
    >
      <Brand />
      <div className="flex items-center gap-3">
        {/* Signed in, a phone shows language, profile and sign-out in the one account menu (320 px fits). */}
        <div className={user ? "hidden sm:block" : undefined}>
          <LanguageSwitcher />
        </div>
        {user ? (
          <>
            <div className="hidden sm:block">
              <UserMenu user={user} />
            </div>
            <AccountMenu user={user} />
            <SessionKeeper expiresAt={user.sessionExpiresAt} checkedAt={user.sessionCheckedAt} />
          </>
        ) : null}
      </div>
    </header>
  );
}
