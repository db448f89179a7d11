/** docs/product.md §4 and §9: the latest 8 results (polled by `useTaskList`'s rule). */
export const POLL_PAGE_SIZE = 8;
/** The draw results call's type for Midjourney. */
export const POLL_TYPE = 4;
