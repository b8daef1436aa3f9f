/** The spec's toasts, rendered once in the single message region of the layout. */
export interface FlashMessage {
  kind: "success" | "error" | "info";
  title: string;
  description?: string;
}
