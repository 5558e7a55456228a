/**
 * Which app user owns which order number: recorded when the user's session is created, checked before the
 * backend signs a status, refund or void. First user wins; the same user may create sessions for it again.
 */

export interface OrderOwners {
  /** Records `userId` as the owner unless someone else already is; true when `userId` owns it afterwards. */
  claim(orderNumber: string, userId: string): Promise<boolean>;
  ownerOf(orderNumber: string): Promise<string | undefined>;
}

/** One process's memory: for `npm run merchant-backend` and tests. A deployment with several instances needs a shared store. */
export function memoryOrderOwners(): OrderOwners {
  const owners = new Map<string, string>();
  return {
    async claim(orderNumber, userId) {
      const owner = owners.get(orderNumber) ?? userId;
      owners.set(orderNumber, owner);
      return owner === userId;
    },
    async ownerOf(orderNumber) {
      return owners.get(orderNumber);
    },
  };
}
