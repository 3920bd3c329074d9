import { lazy, Suspense } from "react";
import { useLocation, useSearch } from "wouter";
import { Link } from "../../../components/ui/Link.tsx";
import { useSession } from "../../../lib/session.tsx";
import { loginPathFor } from "../../../utils/safe-redirect.ts";
import type { SearchCriteria } from "./search-summary.ts";

// The buyer's button, its dialogs, form validation and API calls: loaded only
// for a signed-in buyer, not with every visitor's marketplace (decision 047).
const SaveSearchBuyerButton = lazy(() => import("./SaveSearchBuyerButton.tsx"));

/**
 * The marketplace's "Guardar búsqueda" (composed in by src/app): a buyer
 * names the current filters and text and saves them for e-mail alerts
 * (SaveSearchBuyerButton.tsx); a visitor is offered to log in and come back
 * to the same search; other roles see nothing (only buyers have alerts).
 */
export function SaveSearchButton({ criteria }: { readonly criteria: SearchCriteria }) {
  const session = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (!session.isSignedIn) {
    return (
      <Link href={loginPathFor(search === "" ? location : `${location}?${search}`)} variant="ghost">
        Inicia sesión para guardar esta búsqueda
      </Link>
    );
  }
  if (!session.isBuyer) return null;
  return (
    <Suspense fallback={null}>
      <SaveSearchBuyerButton criteria={criteria} />
    </Suspense>
  );
}
