/** The ops-bus detail-type of a payment's deadline wake-up (EventBridge Scheduler one-time schedule → rule). */
export const APM_DEADLINE_DUE = 'ApmDeadlineDue';
