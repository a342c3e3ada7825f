import './tokens.css';
import './base.css';
import './components.css';

export { Accordion, type AccordionItem, type AccordionProps } from './accordion';
export { Alert, type AlertProps } from './alert';
export { Badge } from './badge';
export { Button, buttonClass, type ButtonProps, type ButtonStyle, type ButtonVariant } from './button';
export { Card, type CardProps } from './card';
export { DataTable, type Column, type DataTableProps } from './data-table';
export { EmptyState, type EmptyStateProps } from './empty-state';
export { Modal, type ModalProps } from './modal';
export { SideScroller, type SideScrollerProps } from './side-scroller';
export { Skeleton, type SkeletonProps } from './skeleton';
export { Tabs, type TabItem, type TabsProps } from './tabs';
export { TextField, type TextFieldProps } from './text-field';
export { ToastLayer, raiseToastLayer } from './toast-layer';
