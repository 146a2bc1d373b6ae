import type { Uploader } from "~/modules/uploads/uploads.server";
import { overActionLimit } from "./attempt-limiter.server";
import { getSessionUser, type SessionDeps } from "./session.server";

/** The uploader of POST /api/uploads: the signed-in user, held to the `upload` action limit. */
export function accountUploader(deps: SessionDeps): Uploader {
  return {
    signedIn: (request) => getSessionUser(request, deps),
    overLimit: (userId) => overActionLimit(deps.db, "upload", userId),
  };
}
