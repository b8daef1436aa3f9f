import { Form, useLocation } from "@remix-run/react";
import { Badge, Button } from "~/components/radix";
import { useEffect, useRef, type ReactNode } from "react";
import type { AdminMenuItem, MenuItem } from "~/modules/permissions/permissions";

export interface NavUser {
  displayName: string;
  roleLabel: string;
  profileImageUrl: string | null;
  initials: string;
}

interface NavBarProps {
  user: NavUser;
  main: readonly MenuItem[];
  tools: readonly MenuItem[];
  admin: readonly AdminMenuItem[];
  /** Offered only to users listed in SYSTEM_ADMIN_EMAILS (the POST checks it again). */
  switchToSystemAdmin?: boolean;
}

/**
 * Whether `to` is the current page or (unless `end`) one of its ancestors, as NavLink decides it
 * (case-insensitive, at a segment boundary).
 */
export function isCurrentNavItem(pathname: string, to: string, end = false): boolean {
  const current = pathname.toLowerCase();
  const target = to.toLowerCase();
  if (current === target) return true;
  if (end) return false;
  const boundary = target !== "/" && target.endsWith("/") ? target.length - 1 : target.length;
  return current.startsWith(target) && current.charAt(boundary) === "/";
}

/**
 * A menu link: a plain anchor that the root's delegated handler navigates client-side (see
 * client-navigation.ts), marked current from the one location NavBar reads. The two menus render
 * about forty of these on every page; a router-aware NavLink each cost 15–25 µs of server render.
 */
function NavItemLink({ to, end, pathname, children }: { to: string; end?: boolean; pathname: string; children: ReactNode }) {
  return (
    <a href={to} data-client-nav="" aria-current={isCurrentNavItem(pathname, to, end) ? "page" : undefined}>
      {children}
    </a>
  );
}

/**
 * Closes a <details> menu when the page changes. Without JavaScript every page is a new document, so
 * menus start closed; with it the header stays in place, and a menu left open would cover the page
 * (and the buttons beside it) after the user picked one of its items.
 */
function useClosedOnNavigation(pathname: string) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [pathname]);
  return ref;
}

/** Menus are <details> disclosures: they open without JavaScript and announce their state. */
function Menu({ label, items, pathname }: { label: string; items: readonly (MenuItem | AdminMenuItem)[]; pathname: string }) {
  const ref = useClosedOnNavigation(pathname);
  return (
    <details className="nav__menu" ref={ref}>
      <summary>{label}</summary>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavItemLink to={item.to} pathname={pathname}>
              {item.label}
              {"badge" in item && item.badge ? <Badge>{item.badge}</Badge> : null}
            </NavItemLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function NavGroups({ main, tools, admin, pathname }: Omit<NavBarProps, "user" | "switchToSystemAdmin"> & { pathname: string }) {
  return (
    <ul className="nav__links">
      {main.map((item) => (
        <li key={item.to}>
          <NavItemLink to={item.to} end={item.to === "/"} pathname={pathname}>
            {item.label}
          </NavItemLink>
        </li>
      ))}
      <li>
        <Menu label="Tools" items={tools} pathname={pathname} />
      </li>
      {admin.length ? (
        <li>
          <Menu label="Admin" items={admin} pathname={pathname} />
        </li>
      ) : null}
    </ul>
  );
}

export function NavBar({ user, main, tools, admin, switchToSystemAdmin = false }: NavBarProps) {
  const { pathname } = useLocation();
  const mobileMenu = useClosedOnNavigation(pathname);
  return (
    <header className="nav">
      <div className="nav__inner">
        <a className="nav__brand" href="/">
          Land Liaison Records
        </a>
        <nav aria-label="Main" className="nav__desktop">
          <NavGroups main={main} tools={tools} admin={admin} pathname={pathname} />
        </nav>
        <details className="nav__mobile" ref={mobileMenu}>
          <summary>Menu</summary>
          <nav aria-label="Main menu">
            <NavGroups main={main} tools={tools} admin={admin} pathname={pathname} />
          </nav>
        </details>
        <div className="nav__user">
          <Badge color="green" title="Signed in with single sign-on">
            SSO Active
          </Badge>
          {user.profileImageUrl ? (
            <img className="avatar" src={user.profileImageUrl} alt="" width={32} height={32} />
          ) : (
            <span className="avatar avatar--placeholder" aria-hidden="true">
              {user.initials}
            </span>
          )}
          <span className="nav__identity">
            <span className="nav__name">{user.displayName}</span>
            <span className="nav__role">{user.roleLabel}</span>
          </span>
          {switchToSystemAdmin ? (
            <Form method="post" action="/subscription">
              <input type="hidden" name="intent" value="switch-to-system-admin" />
              <Button type="submit" variant="soft">
                Switch to System Admin
              </Button>
            </Form>
          ) : null}
          <Form method="post" action="/api/logout" reloadDocument>
            <Button type="submit" variant="outline" color="gray">
              Log out
            </Button>
          </Form>
        </div>
      </div>
    </header>
  );
}
