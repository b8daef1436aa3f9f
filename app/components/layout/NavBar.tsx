import { Form, NavLink } from "@remix-run/react";
import { Badge, Button } from "@radix-ui/themes";
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

/** Menus are <details> disclosures: they open without JavaScript and announce their state. */
function Menu({ label, items }: { label: string; items: readonly (MenuItem | AdminMenuItem)[] }) {
  return (
    <details className="nav__menu">
      <summary>{label}</summary>
      <ul>
        {items.map((item) => (
          <li key={item.to}>
            <NavLink to={item.to}>
              {item.label}
              {"badge" in item && item.badge ? <Badge>{item.badge}</Badge> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </details>
  );
}

function NavGroups({ main, tools, admin }: Omit<NavBarProps, "user" | "switchToSystemAdmin">) {
  return (
    <ul className="nav__links">
      {main.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.to === "/"}>
            {item.label}
          </NavLink>
        </li>
      ))}
      <li>
        <Menu label="Tools" items={tools} />
      </li>
      {admin.length ? (
        <li>
          <Menu label="Admin" items={admin} />
        </li>
      ) : null}
    </ul>
  );
}

export function NavBar({ user, main, tools, admin, switchToSystemAdmin = false }: NavBarProps) {
  return (
    <header className="nav">
      <div className="nav__inner">
        <a className="nav__brand" href="/">
          Land Liaison Records
        </a>
        <nav aria-label="Main" className="nav__desktop">
          <NavGroups main={main} tools={tools} admin={admin} />
        </nav>
        <details className="nav__mobile">
          <summary>Menu</summary>
          <nav aria-label="Main menu">
            <NavGroups main={main} tools={tools} admin={admin} />
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
