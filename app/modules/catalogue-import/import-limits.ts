/** The largest spreadsheet taken (10,000 rows of a wide sheet fit in a few MB). */
export const MAX_SHEET_BYTES = 50 * 1024 * 1024;
/** The largest ZIP of pictures taken (issue #42). */
export const MAX_ZIP_BYTES = 200 * 1024 * 1024;
/** What a whole import post may weigh: the sheet, the ZIP and the form's fields (server/app.ts's body limit). */
export const MAX_IMPORT_POST_BYTES = MAX_SHEET_BYTES + MAX_ZIP_BYTES + 64 * 1024;
