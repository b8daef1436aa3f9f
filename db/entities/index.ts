import { AuditLog } from "./AuditLog";
import { Client } from "./Client";
import { Commitment, CommitmentProperty, CommitmentStakeholder } from "./Commitment";
import { CommunityProject } from "./CommunityProject";
import { Document } from "./Document";
import { Engagement } from "./Engagement";
import { Grievance } from "./Grievance";
import { GrievanceEvent } from "./GrievanceEvent";
import { GrievanceDocument, GrievanceEngagement } from "./GrievanceLink";
import { InboundMessage } from "./InboundMessage";
import { ImportStagedData } from "./ImportStagedData";
import { ImportStagedRow } from "./ImportStagedRow";
import { ImportWorkbook } from "./ImportWorkbook";
import { ImportRecord } from "./ImportRecord";
import { ImportDuplicate } from "./ImportDuplicate";
import { ImportMerge } from "./ImportMerge";
import { MailAttachment } from "./MailAttachment";
import { MailAttempt } from "./MailAttempt";
import { MailMessage } from "./MailMessage";
import { PropertyMatchKey, StakeholderMatchKey } from "./MatchKey";
import { OidcPayload } from "./OidcPayload";
import { AffectedArea, Parcel, ParcelAffectedArea } from "./Parcel";
import { Project } from "./Project";
import { ProjectMembership } from "./ProjectMembership";
import { ProjectPhaseForm } from "./ProjectPhaseForm";
import { Property } from "./Property";
import { RestorePoint } from "./RestorePoint";
import { ReleasedObject, RestorePointObject } from "./ReleasedObject";
import { Session } from "./Session";
import { SignInThrottle } from "./SignInThrottle";
import { Stakeholder } from "./Stakeholder";
import { StakeholderLinkCount } from "./StakeholderLinkCount";
import { StakeholderProperty } from "./StakeholderProperty";
import { Template } from "./Template";
import { User } from "./User";
import { UserInvitation } from "./UserInvitation";

export * from "./AuditLog";
export * from "./Client";
export * from "./Commitment";
export * from "./CommunityProject";
export * from "./Document";
export * from "./Engagement";
export * from "./Grievance";
export * from "./GrievanceEvent";
export * from "./GrievanceLink";
export * from "./InboundMessage";
export * from "./ImportStagedData";
export * from "./ImportStagedRow";
export * from "./ImportWorkbook";
export * from "./ImportRecord";
export * from "./ImportDuplicate";
export * from "./ImportMerge";
export * from "./MailAttachment";
export * from "./MailAttempt";
export * from "./MailMessage";
export * from "./MatchKey";
export * from "./OidcPayload";
export * from "./Parcel";
export * from "./Project";
export * from "./ProjectMembership";
export * from "./ProjectPhaseForm";
export * from "./Property";
export * from "./RestorePoint";
export * from "./ReleasedObject";
export * from "./Session";
export * from "./SignInThrottle";
export * from "./Stakeholder";
export * from "./StakeholderLinkCount";
export * from "./StakeholderProperty";
export * from "./Template";
export * from "./User";
export * from "./UserInvitation";
export * from "./enums";
export { normaliseEmail } from "./columns";

export const allEntities = [
  Client,
  User,
  UserInvitation,
  Project,
  ProjectPhaseForm,
  ProjectMembership,
  Stakeholder,
  Property,
  StakeholderProperty,
  StakeholderLinkCount,
  Engagement,
  CommunityProject,
  Document,
  Template,
  Session,
  AuditLog,
  OidcPayload,
  SignInThrottle,
  ImportWorkbook,
  ImportStagedData,
  ImportStagedRow,
  ImportRecord,
  ImportDuplicate,
  ImportMerge,
  StakeholderMatchKey,
  PropertyMatchKey,
  MailAttachment,
  MailAttempt,
  MailMessage,
  RestorePoint,
  ReleasedObject,
  RestorePointObject,
  Commitment,
  CommitmentStakeholder,
  CommitmentProperty,
  Grievance,
  GrievanceEvent,
  GrievanceEngagement,
  GrievanceDocument,
  Parcel,
  AffectedArea,
  ParcelAffectedArea,
  InboundMessage,
];
