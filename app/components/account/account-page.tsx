import { useSearchParams } from "react-router";
import { PageHeader } from "~/components/page-header";
import type { Locale } from "~/domain/locales";
import type { RouteKey } from "~/domain/route-table";
import type { AccountActionData, AccountPageData } from "./account-types";
import { EmailSection } from "./email-section";
import { PasswordSection } from "./password-section";
import { PhoneSection } from "./phone-section";
import { ProfileSection } from "./profile-section";
import { SecondFactorSection } from "./second-factor-section";
import { SessionsSection } from "./sessions-section";

/** The one account page of every role (/admin/profiel, /supervisor/profiel, /pro/{proId}/profiel). */
export function AccountPage({ routeKey, data, actionData, locale }: { routeKey: RouteKey; data: AccountPageData; actionData?: AccountActionData; locale: Locale }) {
  const [search] = useSearchParams();
  const enrolmentDemanded = search.get("second-factor") === "required" || (data.secondFactorRequired && !data.twoFactorEnabled);
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader routeKey={routeKey} />
      {enrolmentDemanded && !data.twoFactorEnabled ? (
        <SecondFactorSection data={data} actionData={actionData} enrolmentDemanded />
      ) : null}
      <ProfileSection data={data} actionData={actionData} savedAfterRedirect={search.get("saved") === "profile"} />
      <EmailSection data={data} actionData={actionData} />
      <PhoneSection data={data} actionData={actionData} />
      <PasswordSection actionData={actionData} />
      {enrolmentDemanded && !data.twoFactorEnabled ? null : <SecondFactorSection data={data} actionData={actionData} enrolmentDemanded={enrolmentDemanded} />}
      <SessionsSection data={data} actionData={actionData} locale={locale} />
    </div>
  );
}
