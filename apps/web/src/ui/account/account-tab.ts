/** The account dialog's tabs: the bar opens it on one, the dialog switches between them. */
export type AccountTab = 'sign-in' | 'register' | 'password';
