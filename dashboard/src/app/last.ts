/** The last item of a list (`Array.prototype.at` is missing before Chrome 92, Firefox 90 and Safari 15.4). */
export const last = <T>(list: readonly T[] | undefined): T | undefined => (list && list.length > 0 ? list[list.length - 1] : undefined);
