export type Suggestion = { kind: "category" | "product" | "store"; label: string; href: string };
export type SearchSuggestions = { categories: Suggestion[]; products: Suggestion[]; stores: Suggestion[] };
