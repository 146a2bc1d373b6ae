import { ChevronDown, UserRound } from "lucide-react";
import type { ComponentProps } from "react";

export type UserMenuUser = { name: string; email: string; isSeller: boolean; isAdmin: boolean };

export const USER_MENU: readonly { to: string; label: UserMenuLabel; sellerOnly?: boolean }[] = [
  { to: "/dashboard", label: "common:nav.dashboard" },
  { to: "/stores", label: "common:nav.myStores", sellerOnly: true },
  { to: "/products", label: "common:nav.myProducts", sellerOnly: true },
  { to: "/rfqs?mine=1", label: "common:nav.myRfqs" },
  { to: "/orders", label: "common:nav.orders" },
  { to: "/messages", label: "common:nav.messages" },
  { to: "/profile", label: "common:nav.profile" },
];

/** The user menu's button: the Radix trigger once its code has loaded (user-menu.tsx), the same button meanwhile. */
export function UserMenuButton({ name, ...props }: { name: string } & ComponentProps<"button">) {
  return (
    <button
      type="button"
      className="group flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
      {...props}
    >
      <UserRound className="size-4" aria-hidden />
      {/* on a phone the icon alone, so the header fits beside the messages link and the bell */}
      <span className="max-w-32 truncate max-sm:sr-only">{name}</span>
      <ChevronDown className="size-4 transition group-data-[state=open]:rotate-180" aria-hidden />
    </button>
  );
}

type UserMenuLabel =
  | "common:nav.dashboard"
  | "common:nav.myStores"
  | "common:nav.myProducts"
  | "common:nav.myRfqs"
  | "common:nav.orders"
  | "common:nav.messages"
  | "common:nav.profile";
