import { PrivateFileRejected, storePrivateFile, type StoredPrivateFile } from "~/modules/uploads/private-files.server";
import { IMAGE_PIXEL_LIMITS } from "~/modules/uploads/images.server";
import { PRIVATE_ATTACHMENTS_PREFIX, type BlobStorage } from "~/modules/uploads/storage.server";
import { ATTACHMENT_MESSAGES, MAX_ATTACHMENT_BYTES, MAX_ATTACHMENTS, type ThreadAttachment } from "./messaging.schema";

export {
  discardPrivateFiles as discardAttachments,
  postedFiles,
  privateFileResponse as attachmentResponse,
  safeFileName,
  thumbnailKey,
} from "~/modules/uploads/private-files.server";

/** An attachment stored in the blob storage, ready to be recorded with its message. */
export type StoredAttachment = StoredPrivateFile & { contentType: ThreadAttachment["contentType"] };

export class AttachmentRejected extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

/** Checks the count and sizes before anything is read or stored. */
export function checkAttachmentLimits(files: File[]): AttachmentRejected | null {
  if (files.length > MAX_ATTACHMENTS) return new AttachmentRejected(ATTACHMENT_MESSAGES.tooMany, 400);
  if (files.some((file) => file.size > MAX_ATTACHMENT_BYTES))
    return new AttachmentRejected(ATTACHMENT_MESSAGES.tooLarge, 413);
  return null;
}

/**
 * Stores a message's (or a dispute's) file privately under its conversation (see storePrivateFile), with
 * messaging's own messages; an image may have at most the attachments' pixels (IMAGE_PIXEL_LIMITS).
 */
export async function storeAttachment(
  storage: BlobStorage,
  conversationId: string,
  file: File,
): Promise<StoredAttachment> {
  try {
    return await storePrivateFile(storage, `${PRIVATE_ATTACHMENTS_PREFIX}${conversationId}`, file, {
      maxBytes: MAX_ATTACHMENT_BYTES,
      maxPixels: IMAGE_PIXEL_LIMITS.attachment,
    });
  } catch (error) {
    if (error instanceof PrivateFileRejected)
      throw new AttachmentRejected(
        error.reason === "pixels"
          ? error.message
          : error.reason === "tooLarge"
            ? ATTACHMENT_MESSAGES.tooLarge
            : ATTACHMENT_MESSAGES.wrongType,
        error.status,
      );
    throw error;
  }
}
