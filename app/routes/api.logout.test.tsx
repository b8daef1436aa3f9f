import { renderToStaticMarkup } from "react-dom/server";
import SignOutPage, { action, handle } from "./api.logout";

describe("GET /api/logout", () => {
  it("is a page with a heading, an explanation and a plain form that posts to /api/logout", () => {
    const html = renderToStaticMarkup(<SignOutPage />);
    expect(handle.pageTitle).toBe("Sign out");
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toMatch(/<h1[^>]*>Sign out<\/h1>/);
    expect(html).toMatch(/<p[^>]*>Signing out ends your session/);
    expect(html).toMatch(/<form method="post" action="\/api\/logout"><button[^>]*type="submit"[^>]*>Sign out<\/button><\/form>/);
  });

  it("signs out only on POST: other methods that reach the action are 405", async () => {
    const thrown = await Promise.resolve(action({ request: new Request("http://localhost/api/logout", { method: "PUT" }), params: {}, context: {} })).catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(405);
    expect((thrown as Response).headers.get("Allow")).toBe("POST");
  });
});
