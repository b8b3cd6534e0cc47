// The audit log's public surface (BACKOFFICE.md "Roles"): every module that writes for a seller or an
// operator records it here, in the write's transaction.
export { type Actor, type AuditEntry, type Changes, changesOf, operatorActor, recordAudit, sellerActor } from './audit';
