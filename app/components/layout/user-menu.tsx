import { useTranslation } from "~/i18n/use-translation";
import { Link, useSubmit } from "react-router";
import { clearAllDrafts } from "~/lib/drafts";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { USER_MENU, UserMenuButton, type UserMenuUser } from "./user-menu-button";

/** The signed-in user's menu (Radix: arrow keys, typeahead, Escape and focus return are the library's). Loaded on demand by the header. */
export function UserMenu({ user }: { user: UserMenuUser }) {
  const submit = useSubmit();
  const { t } = useTranslation(["common"]);
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <UserMenuButton name={user.name} />
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        <DropdownMenuLabel>{user.email}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {USER_MENU.filter((item) => !item.sellerOnly || user.isSeller).map((item) => (
          <DropdownMenuItem key={item.to} asChild>
            <Link to={item.to}>{t(item.label)}</Link>
          </DropdownMenuItem>
        ))}
        {user.isAdmin ? (
          <>
            <DropdownMenuItem asChild>
              <Link to="/admin/verifications">{t("common:nav.verifications")}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/reports">{t("common:nav.reportedMessages")}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/trade-data">{t("common:nav.tradeData")}</Link>
            </DropdownMenuItem>
            <DropdownMenuItem asChild>
              <Link to="/admin/rates">{t("common:nav.exchangeRates")}</Link>
            </DropdownMenuItem>
          </>
        ) : null}
        <DropdownMenuSeparator />
        {/* sign-out is a POST (no GET changes state) */}
        <DropdownMenuItem
          className="text-red-700"
          onSelect={() =>
            // a shared phone keeps no one's drafts (decision record 0059; the service worker clears them too); a
            // storage that does not answer within a second does not hold the sign-out up
            void Promise.race([clearAllDrafts(), new Promise((settle) => setTimeout(settle, 1000))])
              .catch(() => undefined)
              .then(() => submit(null, { method: "post", action: "/auth/sign-out" }))
          }
        >
          {t("common:nav.signOut")}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
