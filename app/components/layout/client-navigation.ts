import { useNavigate } from "@remix-run/react";
import { useEffect } from "react";

/**
 * Client-side navigation for plain links marked `data-client-nav` (RowLink): one listener on the
 * document instead of a router-aware component per link. A click with a modifier key, another
 * button, a target or a download attribute, or to another origin, is left to the browser, as Remix's
 * <Link> leaves it.
 */
export function useDelegatedClientNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = event.target instanceof Element ? event.target.closest("a[data-client-nav]") : null;
      if (!(anchor instanceof HTMLAnchorElement) || (anchor.target && anchor.target !== "_self") || anchor.hasAttribute("download")) return;
      const url = new URL(anchor.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      navigate(url.pathname + url.search + url.hash, { preventScrollReset: anchor.dataset.clientNav === "keep-scroll" });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
