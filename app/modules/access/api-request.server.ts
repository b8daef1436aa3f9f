import { AppError } from "~/utils/app-error";
import { requireUser } from "./current-user.server";
import { requireProjectAccess, type ProjectAccess } from "./project-access.server";

/**
 * The door of an /api request: the user first (401), then the body, then the project. No body is
 * read before the user is known, so an anonymous request never makes the server read one.
 */

export const MAX_JSON_BODY_BYTES = 1_000_000;

/**
 * The body of an /api write as a plain object: JSON, or a urlencoded/multipart form (so curl and
 * HTML forms both work). Bodies over 1 MB are refused: a declared length at once, a chunked body as
 * soon as it passes the cap, never read into memory whole. The caller must be signed in first (401
 * otherwise): an anonymous request never makes the server read its body.
 */
export async function readBody(request: Request, maxBytes = MAX_JSON_BODY_BYTES): Promise<Record<string, unknown>> {
  await requireUser(request);
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > maxBytes) throw new AppError(413, "Request body is too large");
  const type = request.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const text = (await readBytesCapped(request, maxBytes)).toString("utf8");
    if (!text.trim()) return {};
    try {
      const parsed: unknown = JSON.parse(text);
      if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) throw new Error("not an object");
      return parsed as Record<string, unknown>;
    } catch {
      throw new AppError(400, "Request body must be a JSON object");
    }
  }
  if (type.includes("application/x-www-form-urlencoded") || type.includes("multipart/form-data")) {
    const bytes = await readBytesCapped(request, maxBytes);
    let form: FormData;
    try {
      form = await new Response(new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.byteLength), { headers: { "content-type": type } }).formData();
    } catch {
      throw new AppError(400, "Request body could not be read as a form");
    }
    const body: Record<string, unknown> = {};
    for (const [key, value] of form.entries()) {
      if (typeof value !== "string") continue;
      body[key] = key in body ? ([] as unknown[]).concat(body[key], value) : value;
    }
    return body;
  }
  return {};
}

async function readBytesCapped(request: Request, maxBytes: number): Promise<Buffer> {
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>;
    try {
      next = await reader.read();
    } catch (error) {
      // The server's body limit (app/utils/body-limit.server.ts) cut the body off, or the client went away.
      if ((error as { status?: unknown }).status === 413) throw new AppError(413, "Request body is too large");
      throw new AppError(400, "Request body could not be read");
    }
    if (next.done) break;
    size += next.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel();
      throw new AppError(413, "Request body is too large");
    }
    chunks.push(next.value);
  }
  return Buffer.concat(chunks);
}

/**
 * The project an /api call works in: `?projectId=` first, else `projectId` in the body. A missing,
 * unknown or other client's project is INVALID_PROJECT (404; 403 for a project the user is not a
 * member of). The operation's own permission is checked by the module function it calls.
 */
export async function requireApiProject(request: Request, body?: Record<string, unknown>): Promise<ProjectAccess> {
  await requireUser(request);
  const projectId = new URL(request.url).searchParams.get("projectId") ?? body?.projectId;
  if (projectId === undefined || projectId === null || projectId === "") throw new AppError(400, "No project selected", "INVALID_PROJECT");
  return requireProjectAccess(request, projectId);
}
