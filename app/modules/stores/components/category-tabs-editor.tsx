import { ArrowDown, ArrowUp, Plus, Trash2 } from "lucide-react";
import { useState } from "react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Input, Label } from "~/components/ui/field";
import type { CategoryTab } from "../store-design.schema";
import { useTranslation } from "~/i18n/use-translation";

function slugify(name: string) {
  return (
    name
      .toLowerCase()
      .replace(/&/g, " ")
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60) || "tab"
  );
}

/** Settings tab: add, rename, reorder and delete the store's category tabs, saved together. */
export function CategoryTabsEditor({ initial }: { initial: CategoryTab[] }) {
  const { t } = useTranslation(["stores"]);
  const fetcher = useFetcher<{ ok: boolean; message: string }>();
  const [tabs, setTabs] = useState(initial);
  const [newName, setNewName] = useState("");
  const move = (i: number, delta: number) => {
    const next = [...tabs];
    const [tab] = next.splice(i, 1);
    next.splice(i + delta, 0, tab!);
    setTabs(next.map((tab, order) => ({ ...tab, order })));
  };
  const add = () => {
    const name = newName.trim();
    if (!name) return;
    let slug = slugify(name);
    while (tabs.some((tab) => tab.slug === slug) || slug === "all") slug = `${slug}-2`;
    setTabs([...tabs, { id: `tab-${Date.now()}`, name, slug, order: tabs.length }]);
    setNewName("");
  };
  return (
    <div>
      <ul className="space-y-2">
        {tabs.map((tab, i) => (
          <li key={tab.id} className="flex items-end gap-2">
            <div className="flex-1">
              <Label htmlFor={`tab-name-${tab.id}`} className="text-xs font-normal text-slate-500">
                {t("stores:tabs.name", { number: i + 1, slug: tab.slug })}
              </Label>
              <Input
                id={`tab-name-${tab.id}`}
                value={tab.name}
                onChange={(e) =>
                  setTabs(tabs.map((other) => (other.id === tab.id ? { ...other, name: e.target.value } : other)))
                }
              />
            </div>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => move(i, -1)}
              disabled={i === 0}
              aria-label={t("stores:tabs.moveUp", { name: tab.name })}
            >
              <ArrowUp className="size-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => move(i, 1)}
              disabled={i === tabs.length - 1}
              aria-label={t("stores:tabs.moveDown", { name: tab.name })}
            >
              <ArrowDown className="size-4" aria-hidden />
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() =>
                setTabs(tabs.filter((other) => other.id !== tab.id).map((other, order) => ({ ...other, order })))
              }
              aria-label={t("stores:tabs.delete", { name: tab.name })}
            >
              <Trash2 className="size-4 text-red-700" aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex items-end gap-2">
        <div className="flex-1">
          <Label htmlFor="new-tab-name">{t("stores:tabs.new")}</Label>
          <Input
            id="new-tab-name"
            value={newName}
            onChange={(e) => setNewName(e.target.value)}
            onKeyDown={(e) => (e.key === "Enter" ? (e.preventDefault(), add()) : undefined)}
          />
        </div>
        <Button variant="outline" onClick={add} disabled={!newName.trim()}>
          <Plus className="size-4" aria-hidden /> {t("stores:tabs.add")}
        </Button>
      </div>
      <Button
        className="mt-4"
        disabled={fetcher.state !== "idle"}
        onClick={() => fetcher.submit({ intent: "save-tabs", payload: JSON.stringify(tabs) }, { method: "post" })}
      >
        {t("stores:tabs.save")}
      </Button>
      {fetcher.data ? (
        <p role="status" className={fetcher.data.ok ? "mt-2 text-sm text-green-700" : "mt-2 text-sm text-red-700"}>
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}
