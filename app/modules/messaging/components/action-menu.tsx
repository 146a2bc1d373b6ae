import type { ReactNode } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";

export type ActionMenuProps = {
  /** the trigger button's accessible name, its classes and what it shows (an icon) */
  label: string;
  className: string;
  icon: ReactNode;
  align?: "start" | "end";
  /** the one action: what it says and does */
  item: ReactNode;
  itemClassName?: string;
  onSelect: () => void;
};

/**
 * A button opening a menu of one action (Radix DropdownMenu: arrow keys, Escape and focus return are the
 * library's). A conversation and each message received have one; message-thread.tsx loads it after the page.
 */
export function ActionMenu({ label, className, icon, align = "end", item, itemClassName, onSelect }: ActionMenuProps) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={className} aria-label={label}>
        {icon}
      </DropdownMenuTrigger>
      <DropdownMenuContent align={align}>
        <DropdownMenuItem className={itemClassName} onSelect={onSelect}>
          <span className="inline-flex items-center gap-2">{item}</span>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
